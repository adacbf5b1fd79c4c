# Writes a man page from a program's own --help, so the page never drifts from the program.
#
# cmake -DPROGRAM=<sense7 or sense7-studio> -DNAME=<name> -DVERSION=<x.y.z> -DOUT=<file.1>
#       -DSUMMARY=<one line> -DSEE_ALSO=<other(1)> [-DSUBCOMMANDS=ON] -P ManPage.cmake

foreach(var PROGRAM NAME VERSION OUT SUMMARY)
    if(NOT DEFINED ${var})
        message(FATAL_ERROR "ManPage.cmake needs -D${var}=...")
    endif()
endforeach()

set(ENV{LC_ALL} C.UTF-8)
set(ENV{LANGUAGE} en)
set(ENV{QT_QPA_PLATFORM} offscreen)
# --help ends the program with exit(); in a sanitizer build LeakSanitizer would count what was
# still allocated as leaks and fail the build.
set(ENV{ASAN_OPTIONS} "detect_leaks=0")

# "\n.PP\n<description>\n.PP\n.nf\n<options>.fi": the description fills the width, the option
# table keeps its columns.
function(help_body result text)
    string(FIND "${text}" "\nOptions:" split)
    if(split LESS 0)
        set(${result} ".PP\n.nf\n${text}.fi\n" PARENT_SCOPE)
        return()
    endif()
    string(SUBSTRING "${text}" 0 ${split} description)
    math(EXPR split "${split} + 1")
    string(SUBSTRING "${text}" ${split} -1 options)
    string(STRIP "${description}" description)
    set(${result} ".PP\n${description}\n.PP\n.nf\n${options}.fi\n" PARENT_SCOPE)
endfunction()

function(help_of result)
    execute_process(COMMAND ${PROGRAM} ${ARGN} --help
                    OUTPUT_VARIABLE text ERROR_VARIABLE ignored RESULT_VARIABLE rc)
    if(NOT rc EQUAL 0)
        message(FATAL_ERROR "${PROGRAM} ${ARGN} --help failed (${rc})")
    endif()
    set(${result} "${text}" PARENT_SCOPE)
endfunction()

# Plain text as roff: no escapes or requests by accident, minus signs as minus signs.
function(roff result text)
    string(REPLACE "\\" "\\e" text "${text}")
    string(REPLACE "-" "\\-" text "${text}")
    string(REGEX REPLACE "(^|\n)([.'])" "\\1\\\\&\\2" text "${text}")
    set(${result} "${text}" PARENT_SCOPE)
endfunction()

string(TOUPPER "${NAME}" title)
set(page ".TH ${title} 1 \"\" \"Sense-7 Studio ${VERSION}\" \"User Commands\"\n")
string(APPEND page ".SH NAME\n${NAME} \\- ${SUMMARY}\n")

help_of(main)
if(SUBCOMMANDS)
    string(APPEND page ".SH SYNOPSIS\n.B ${NAME}\n.I COMMAND\n[\\fIOPTIONS\\fR] ...\n.br\n"
                       ".B ${NAME}\n\\-\\-help | \\-\\-version\n")
    string(APPEND page ".SH DESCRIPTION\nThe command line of Sense\\-7 Studio: it creates, imports "
                       "into, analyses and exports Sense\\-7 data sets (SQLite files), the same "
                       "files the studio opens.\n")
    string(APPEND page ".SH COMMANDS\n")
    string(REGEX MATCHALL "\n  [a-z]+   [^\n]*" lines "${main}")
    set(count 0)
    foreach(line IN LISTS lines)
        string(REGEX REPLACE "^\n  ([a-z]+) +(.*)$" "\\1" command "${line}")
        string(REGEX REPLACE "^\n  ([a-z]+) +(.*)$" "\\2" summary "${line}")
        help_of(help ${command})
        string(REGEX REPLACE "^Usage: [^\n]*\n" "" body "${help}")
        string(REGEX MATCH "^Usage: [^\n]*" usage "${help}")
        string(REGEX REPLACE "^Usage: " "" usage "${usage}")
        roff(usage "${usage}")
        roff(summary "${summary}")
        roff(body "${body}")
        help_body(body "${body}")
        string(APPEND page ".SS ${NAME} ${command}\n\\fI${summary}\\fR\n.PP\n.B ${usage}\n"
                           "${body}")
        math(EXPR count "${count} + 1")
    endforeach()
    if(count LESS 5)
        message(FATAL_ERROR "Found only ${count} commands in ${PROGRAM} --help")
    endif()
else()
    string(REGEX MATCH "^Usage: [^\n]*" usage "${main}")
    string(REGEX REPLACE "^Usage: [^ ]*" "${NAME}" usage "${usage}")
    string(REGEX REPLACE "^Usage: [^\n]*\n" "" body "${main}")
    roff(usage "${usage}")
    roff(body "${body}")
    help_body(body "${body}")
    string(APPEND page ".SH SYNOPSIS\n.B ${usage}\n.SH DESCRIPTION\n${body}")
endif()

string(APPEND page ".SH EXIT STATUS\n0 when the work was done; 1 on a usage error or when a file "
                   "could not be read or written, with a message naming the file.\n")
string(APPEND page ".SH ENVIRONMENT\n.TP\n.B LANG, LC_ALL, LC_MESSAGES\nThe language of messages "
                   "(English or Simplified Chinese).\n")
if(DEFINED SEE_ALSO)
    string(APPEND page ".SH SEE ALSO\n.BR ${SEE_ALSO}\n")
endif()
file(WRITE ${OUT} "${page}")
