# SPDX-License-Identifier: GPL-2.0-only
#
# The layering test: every public header compiles on its own with the view
# of its layer (so a header includes only its layer and those below), and a
# header of each layer fails to compile with the view of every layer below
# it (so an upward #include cannot build).  The views are the include trees
# CMakeLists.txt makes under layers/<layer>/; run with
#   cmake -DCC=... -DVIEWS=.../layers -DINCLUDE=.../include -DLAYERS=a,b,...
#         -DFLAGS="-I..." -P check_layers.cmake
set(failures 0)
string(REPLACE "," ";" LAYERS "${LAYERS}")
set(src ${CMAKE_CURRENT_BINARY_DIR}/layer_check.c)
separate_arguments(extra UNIX_COMMAND "${FLAGS}")

function(compiles view header out)
  file(WRITE ${src} "#include <pciescope/${header}>\n")
  execute_process(COMMAND ${CC} -std=gnu11 -fsyntax-only -I${VIEWS}/${view} ${extra} ${src}
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_VARIABLE err)
  if(rc EQUAL 0)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
    set(last_error "${err}" PARENT_SCOPE)
  endif()
endfunction()

set(below)
set(checked 0)
foreach(layer ${LAYERS})
  file(GLOB headers RELATIVE ${INCLUDE}/pciescope ${INCLUDE}/pciescope/${layer}/*.h)
  foreach(h ${headers})
    compiles(${layer} ${h} ok)
    if(NOT ok)
      message(SEND_ERROR "${h} does not compile with the headers of ${layer} and the layers "
                         "below it:\n${last_error}")
      math(EXPR failures "${failures} + 1")
    endif()
    math(EXPR checked "${checked} + 1")
  endforeach()
  if(headers)
    list(GET headers 0 first)
    foreach(low ${below})
      compiles(${low} ${first} ok)
      if(ok)
        message(SEND_ERROR "${first} compiles with the view of ${low}, a lower layer: an "
                           "upward include would build")
        math(EXPR failures "${failures} + 1")
      endif()
    endforeach()
  endif()
  list(APPEND below ${layer})
endforeach()
if(checked EQUAL 0)
  message(FATAL_ERROR "no public header found under ${INCLUDE}/pciescope")
endif()
if(failures)
  message(FATAL_ERROR "${failures} layering violation(s)")
endif()
message(STATUS "${checked} public headers compile within their layers; none upward")
