#version 450
// Thread t stores at tile[(t + 1) % 4]: wrapped around, inside the array (memory_safety PASS).
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Out { uint data[4]; } outb;
shared uint tile[4];
void main() {
  uint t = gl_LocalInvocationID.x;
  tile[(t + 1) % 4] = t;
  barrier();
  outb.data[t] = tile[t];
}
