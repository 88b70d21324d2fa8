#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_memory_scope_semantics : enable
#pragma use_vulkan_memory_model
// Lane 0 writes data, every lane takes part in a ballot, then lane 1 reads data: a ballot exchanges
// register values but orders no memory, so the read races with the write.
layout(local_size_x = 2) in;
layout(set = 0, binding = 0) coherent buffer Data { uint v; } data;
layout(set = 0, binding = 1) buffer Out { uint v[2]; } res;
void main() {
  uint id = gl_SubgroupInvocationID;
  if (id == 0) { data.v = 1; }
  uvec4 b = subgroupBallot(true);
  if (id == 1) { res.v[1] = data.v + b.x; }
}
