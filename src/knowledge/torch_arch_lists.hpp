// The arch lists PyTorch's builds read from the environment, split the way PyTorch splits them.
//   $PYTORCH_ROCM_ARCH      gfx ids separated by ';' or ' ' ("gfx90a;gfx942").
//   $TORCH_CUDA_ARCH_LIST   compute capabilities separated by ';' or ' ', each with an optional
//                           "+PTX" and an 'a'/'f' suffix ("8.0 9.0a+PTX"); names ("Ampere",
//                           "Hopper") stand for lists (data/torch_cuda_arch_names.tsv):
//                           "Ampere 9.0+PTX" -> 8.0, 8.6+PTX, 9.0+PTX.
// (pytorch/pytorch torch/utils/cpp_extension.py, _get_cuda_arch_flags; cmake/public/utils.cmake.)
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace archfit::knowledge {

std::vector<std::string> pytorch_rocm_arch_entries(std::string_view value);
std::vector<std::string> torch_cuda_arch_list_entries(std::string_view value);

}  // namespace archfit::knowledge
