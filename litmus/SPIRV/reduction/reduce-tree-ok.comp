#version 450
// Tree reduction of 16 inputs in workgroup shared memory, barrier() after every step (correct): the sum is 16.
// Issue 29's SPIR-V row: the loop's trip count (log2 16 = 4) is fixed by the workgroup size, so constant
// propagation leaves 4 copies of it and drops the if-bodies the invocation id skips.
layout(local_size_x = 16) in;
layout(set = 0, binding = 0) buffer In { uint data[16]; } inb;
layout(set = 0, binding = 1) buffer Out { uint result; } outb;
shared uint sdata[16];
void main() {
  uint t = gl_LocalInvocationID.x;
  sdata[t] = inb.data[t];
  barrier();
  for (uint s = 8; s > 0; s >>= 1) {
    if (t < s) sdata[t] += sdata[t + s];
    barrier();
  }
  if (t == 0) outb.result = sdata[0];
}
