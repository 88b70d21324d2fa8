#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_memory_scope_semantics : enable
#pragma use_vulkan_memory_model
// A loop every lane runs twice: iteration i's subgroupAdd is one dynamic instance for both lanes (i + i),
// never mixing iterations, so each lane ends with (0 + 0) + (1 + 1) = 2 and every instance is complete.
layout(local_size_x = 2) in;
layout(set = 0, binding = 0) buffer Out { uint v[2]; } res;
void main() {
  uint id = gl_SubgroupInvocationID;
  uint acc = 0;
  for (uint i = 0; i < 2; i++) { acc += subgroupAdd(i); }
  res.v[id] = acc;
}
