#version 450
// Thread t stores at tile[t + 1]: the last invocation writes past the 4-element array (memory_safety FAIL).
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Out { uint data[4]; } outb;
shared uint tile[4];
void main() {
  uint t = gl_LocalInvocationID.x;
  tile[t + 1] = t;
  barrier();
  outb.data[t] = tile[t];
}
