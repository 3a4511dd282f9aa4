// OpenCL kernels for NVPTX: clang-14 gives them the spir_kernel calling
// convention and a "kernel" entry in !nvvm.annotations.
kernel void k(global int *p, int n) { p[get_global_id(0)] = n; }
kernel __attribute__((reqd_work_group_size(64,1,1))) void k2(global float *p) { p[0] = 1.0f; }
