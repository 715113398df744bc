# Warnings for our own targets only (third-party headers are system includes).
function(archfit_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow -Wconversion
    -Wno-sign-conversion -Wnon-virtual-dtor -Wimplicit-fallthrough)
endfunction()
