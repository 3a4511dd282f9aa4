// Host code for host.o: the offload packages are embedded next to it with
// -fembed-offload-object (gen.sh).
int main(void) { return 0; }
