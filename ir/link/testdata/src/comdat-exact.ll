; exactmatch with other bytes.
$em = comdat exactmatch
@em = linkonce_odr global [4 x i8] c"abce", comdat
