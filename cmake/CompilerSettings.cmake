# One INTERFACE target carries the project's compiler settings; every target links it.
add_library(sense7_settings INTERFACE)
add_library(sense7::settings ALIAS sense7_settings)

target_compile_features(sense7_settings INTERFACE cxx_std_17)
target_compile_definitions(sense7_settings INTERFACE
    QT_NO_CAST_FROM_ASCII
    QT_NO_CAST_TO_ASCII
    QT_NO_CONTEXTLESS_CONNECT
    QT_NO_URL_CAST_FROM_STRING
    QT_NO_NARROWING_CONVERSIONS_IN_CONNECT
    QT_USE_QSTRINGBUILDER
    QT_DISABLE_DEPRECATED_UP_TO=0x060400
    SENSE7_VERSION="${PROJECT_VERSION}")

if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(sense7_settings INTERFACE
        -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align
        -Woverloaded-virtual -Wformat=2 -Wimplicit-fallthrough)
    if(SENSE7_WERROR)
        target_compile_options(sense7_settings INTERFACE -Werror)
    endif()
endif()

# Sanitizer builds (tools/test --sanitize). Line tables only (-g1): the sanitizers' reports name
# functions, files and lines from them, and full debug information in every statically linked test
# made the build tree 9 GB.
option(SENSE7_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(SENSE7_SANITIZE)
    target_compile_options(sense7_settings INTERFACE
        -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined -g1)
    target_link_options(sense7_settings INTERFACE -fsanitize=address,undefined)
endif()
