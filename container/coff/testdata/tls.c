unsigned _tls_index; /* what the CRT would define; lets lld-link link prog.c alone */
