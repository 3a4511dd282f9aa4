; exactmatch where the other module has samesize.
$ss = comdat exactmatch
@ss = linkonce_odr global i64 2, comdat
