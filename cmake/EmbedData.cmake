# archfit_embed_data(OUTPUT FILE...): generate a C++ source that holds each data file's bytes,
# so the binary carries its knowledge (data/*.tsv) and needs no files at run time.
# The generated table is read through knowledge/embedded_data.hpp.
function(archfit_embed_data output)
  set(files ${ARGN})
  add_custom_command(
    OUTPUT ${output}
    COMMAND ${CMAKE_COMMAND} -DOUTPUT=${output} "-DFILES=${files}" -P ${CMAKE_SOURCE_DIR}/cmake/EmbedDataScript.cmake
    DEPENDS ${files} ${CMAKE_SOURCE_DIR}/cmake/EmbedDataScript.cmake
    COMMENT "Embedding data/ files"
    VERBATIM)
endfunction()
