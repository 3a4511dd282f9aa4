// Device code for the offload fixtures: built for nvptx64 (bitcode and PTX)
// and amdgcn (an object file) by gen.sh.
int answer(int x) { return x + 42; }
