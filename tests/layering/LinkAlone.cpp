// Linked with one pipeline library as a whole archive and only the libraries it declares (see
// tests/CMakeLists.txt): that this program links at all is the test.
int main() {
  return 0;
}
