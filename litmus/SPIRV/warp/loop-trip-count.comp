#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_memory_scope_semantics : enable
#pragma use_vulkan_memory_model
// WarpDRF Figure 5's pattern: the trip count differs per lane, so lane 1 runs its only iteration's
// subgroupAdd without lane 0 (a partial instance: fine under FMR and SMR, not under CUDA). Lane 1 adds 1.
layout(local_size_x = 2) in;
layout(set = 0, binding = 0) buffer Out { uint v[2]; } res;
void main() {
  uint id = gl_SubgroupInvocationID;
  uint acc = 0;
  for (uint i = 0; i < id; i++) { acc += subgroupAdd(1u); }
  res.v[id] = acc;
}
