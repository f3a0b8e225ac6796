/* placeholder */ typedef int unused_t;
