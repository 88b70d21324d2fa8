#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_memory_scope_semantics : enable
#pragma use_vulkan_memory_model
// Lanes 0 and 1 add inside a branch the other lanes skip: under maximal reconvergence the two lanes of the
// branch form the instance (each gets 2); CUDA guarantees only the complete warp.
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Out { uint v[4]; } res;
void main() {
  uint id = gl_SubgroupInvocationID;
  if (id < 2) { res.v[id] = subgroupAdd(1u); }
}
