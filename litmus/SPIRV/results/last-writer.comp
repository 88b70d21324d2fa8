#version 450
// Every invocation stores its id to data[0]: which store is the last is up to the schedule (deterministic FAIL).
layout(local_size_x = 4) in;
layout(set = 0, binding = 0) buffer Out { uint data[4]; } outb;
void main() {
  uint t = gl_LocalInvocationID.x;
  atomicExchange(outb.data[0], t);
}
