# Fails when a .ts file is stale against the sources or holds an unfinished message.
#
# cmake -DLUPDATE=... -DPROJECTS=<dir of Qt's lupdate project files> -DTS_DIR=<translations>
#       -DWORK_DIR=<scratch> -P CheckTranslations.cmake
#
# Runs lupdate exactly as the update_translations target does, but on copies of the .ts files,
# and compares the copies with the committed files.

foreach(var LUPDATE PROJECTS TS_DIR WORK_DIR)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "CheckTranslations.cmake needs -D${var}=...")
    endif()
endforeach()

# project name;ts file;extra lupdate options
set(checks "sense7core|sense7_zh_CN.ts|" "sense7_plurals|sense7_en.ts|-pluralonly")
set(problems "")
file(REMOVE_RECURSE ${WORK_DIR})
file(MAKE_DIRECTORY ${WORK_DIR})

foreach(check IN LISTS checks)
    string(REPLACE "|" ";" parts "${check}")
    list(GET parts 0 project)
    list(GET parts 1 ts)
    list(LENGTH parts n)
    set(extra "")
    if(n GREATER 2)
        list(GET parts 2 extra)
    endif()

    set(description ${PROJECTS}/${project}_project.cmake)
    if(NOT EXISTS ${description})
        message(FATAL_ERROR "${description} is missing: configure the project with CMake first.")
    endif()
    # Qt writes the project's sources and include paths as a CMake file at configure time; the
    # JSON form lupdate reads is generated from it, as the update target does.
    execute_process(COMMAND ${CMAKE_COMMAND} -DIN_FILE=${description}
                            -DOUT_FILE=${WORK_DIR}/${project}.json
                            -P ${GENERATOR}
                    RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "Cannot describe the lupdate project ${project}")
    endif()

    configure_file(${TS_DIR}/${ts} ${WORK_DIR}/${ts} COPYONLY)
    execute_process(COMMAND ${LUPDATE} -project ${WORK_DIR}/${project}.json -ts ${WORK_DIR}/${ts}
                            ${extra} -no-obsolete -locations none -silent
                    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "lupdate failed on ${ts}:\n${out}")
    endif()

    file(READ ${TS_DIR}/${ts} committed)
    file(READ ${WORK_DIR}/${ts} fresh)
    if(NOT committed STREQUAL fresh)
        execute_process(COMMAND diff -u ${TS_DIR}/${ts} ${WORK_DIR}/${ts} OUTPUT_VARIABLE diff)
        string(SUBSTRING "${diff}" 0 4000 diff)
        string(APPEND problems
               "translations/${ts} is stale against the sources; run\n"
               "  cmake --build build --target update_translations\n"
               "and translate what is new. The difference:\n${diff}\n")
    endif()

    string(REGEX MATCHALL "<translation type=\"unfinished\"" unfinished "${fresh}")
    list(LENGTH unfinished count)
    if(count GREATER 0)
        string(REGEX MATCHALL "<source>[^<]*</source>[ \n]*<translation type=\"unfinished\""
               examples "${fresh}")
        list(SUBLIST examples 0 5 examples)
        string(REPLACE ";" "\n" examples "${examples}")
        string(APPEND problems "translations/${ts} has ${count} unfinished message(s), such as:\n"
               "${examples}\n")
    endif()
    string(REGEX MATCHALL "<message" messages "${fresh}")
    list(LENGTH messages total)
    message(STATUS "${ts}: ${total} messages, ${count} unfinished")
endforeach()

if(problems)
    message(FATAL_ERROR "${problems}")
endif()
