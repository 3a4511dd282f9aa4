; samesize with another size.
$ss = comdat samesize
@ss = linkonce_odr global i32 2, comdat
