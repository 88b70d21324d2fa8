#version 450
#extension GL_KHR_shader_subgroup_basic : enable
#extension GL_KHR_shader_subgroup_ballot : enable
#extension GL_KHR_shader_subgroup_shuffle : enable
#extension GL_KHR_shader_subgroup_arithmetic : enable
#extension GL_KHR_shader_subgroup_vote : enable
#extension GL_KHR_memory_scope_semantics : enable
#pragma use_vulkan_memory_model
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Out { uint v[4]; } ballots;
layout(set = 0, binding = 1) buffer Shuf { uint v[4]; } shuffled;
layout(set = 0, binding = 2) buffer Sums { int v[4]; } sums;
layout(set = 0, binding = 3) buffer Elect { uint v[4]; } elected;
// Ballot, xor-shuffle, signed minimum plus sum, and elect over a converged subgroup of four lanes.
void main() {
  uint id = gl_SubgroupInvocationID;
  uvec4 b = subgroupBallot(id % 2 == 0);
  ballots.v[id] = b.x;
  shuffled.v[id] = subgroupShuffleXor(id * 10, 1);
  sums.v[id] = subgroupMin(int(id) - 2) + subgroupAdd(int(id));
  elected.v[id] = subgroupElect() ? 1 : 0;
}
