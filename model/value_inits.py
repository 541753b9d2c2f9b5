"""The shared ``__init__`` code of value classes, written out by :func:`dipsat.model.values.templates_text`
(do not edit; regenerate: ``python -c "from dipsat.model.values import templates_text; print(templates_text(), end='')" > model/value_inits.py``).

Compiled with the package like every module, so that making a class compiles nothing at run time
(issue 23: a text compiled at run time costs about 0.7 M instructions; a start-up made ~35 of them)."""
# flake8: noqa
# mypy: ignore-errors


def slots_0(self):
    pass


def slots_1(self, a0):
    _s0(self, a0)


def slots_2(self, a0, a1):
    _s0(self, a0)
    _s1(self, a1)


def slots_3(self, a0, a1, a2):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)


def slots_4(self, a0, a1, a2, a3):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)


def slots_5(self, a0, a1, a2, a3, a4):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    _s4(self, a4)


def slots_6(self, a0, a1, a2, a3, a4, a5):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    _s4(self, a4)
    _s5(self, a5)


def slots_7(self, a0, a1, a2, a3, a4, a5, a6):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    _s4(self, a4)
    _s5(self, a5)
    _s6(self, a6)


def slots_8(self, a0, a1, a2, a3, a4, a5, a6, a7):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    _s4(self, a4)
    _s5(self, a5)
    _s6(self, a6)
    _s7(self, a7)


def slots_9(self, a0, a1, a2, a3, a4, a5, a6, a7, a8):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    _s4(self, a4)
    _s5(self, a5)
    _s6(self, a6)
    _s7(self, a7)
    _s8(self, a8)


def slots_10(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    _s4(self, a4)
    _s5(self, a5)
    _s6(self, a6)
    _s7(self, a7)
    _s8(self, a8)
    _s9(self, a9)


def slots_post_init_0(self):
    self.__post_init__()


def slots_post_init_1(self, a0):
    _s0(self, a0)
    self.__post_init__()


def slots_post_init_2(self, a0, a1):
    _s0(self, a0)
    _s1(self, a1)
    self.__post_init__()


def slots_post_init_3(self, a0, a1, a2):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    self.__post_init__()


def slots_post_init_4(self, a0, a1, a2, a3):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    self.__post_init__()


def slots_post_init_5(self, a0, a1, a2, a3, a4):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    _s4(self, a4)
    self.__post_init__()


def slots_post_init_21(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    _s4(self, a4)
    _s5(self, a5)
    _s6(self, a6)
    _s7(self, a7)
    _s8(self, a8)
    _s9(self, a9)
    _s10(self, a10)
    _s11(self, a11)
    _s12(self, a12)
    _s13(self, a13)
    _s14(self, a14)
    _s15(self, a15)
    _s16(self, a16)
    _s17(self, a17)
    _s18(self, a18)
    _s19(self, a19)
    _s20(self, a20)
    self.__post_init__()


def slots_post_init_23(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22):
    _s0(self, a0)
    _s1(self, a1)
    _s2(self, a2)
    _s3(self, a3)
    _s4(self, a4)
    _s5(self, a5)
    _s6(self, a6)
    _s7(self, a7)
    _s8(self, a8)
    _s9(self, a9)
    _s10(self, a10)
    _s11(self, a11)
    _s12(self, a12)
    _s13(self, a13)
    _s14(self, a14)
    _s15(self, a15)
    _s16(self, a16)
    _s17(self, a17)
    _s18(self, a18)
    _s19(self, a19)
    _s20(self, a20)
    _s21(self, a21)
    _s22(self, a22)
    self.__post_init__()


def slots_factories_4(self, a0, a1, a2, a3):
    _s0(self, _m0() if a0 is _M else a0)
    _s1(self, _m1() if a1 is _M else a1)
    _s2(self, _m2() if a2 is _M else a2)
    _s3(self, _m3() if a3 is _M else a3)


def slots_factories_11(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10):
    _s0(self, _m0() if a0 is _M else a0)
    _s1(self, _m1() if a1 is _M else a1)
    _s2(self, _m2() if a2 is _M else a2)
    _s3(self, _m3() if a3 is _M else a3)
    _s4(self, _m4() if a4 is _M else a4)
    _s5(self, _m5() if a5 is _M else a5)
    _s6(self, _m6() if a6 is _M else a6)
    _s7(self, _m7() if a7 is _M else a7)
    _s8(self, _m8() if a8 is _M else a8)
    _s9(self, _m9() if a9 is _M else a9)
    _s10(self, _m10() if a10 is _M else a10)


def slots_factories_23(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22):
    _s0(self, _m0() if a0 is _M else a0)
    _s1(self, _m1() if a1 is _M else a1)
    _s2(self, _m2() if a2 is _M else a2)
    _s3(self, _m3() if a3 is _M else a3)
    _s4(self, _m4() if a4 is _M else a4)
    _s5(self, _m5() if a5 is _M else a5)
    _s6(self, _m6() if a6 is _M else a6)
    _s7(self, _m7() if a7 is _M else a7)
    _s8(self, _m8() if a8 is _M else a8)
    _s9(self, _m9() if a9 is _M else a9)
    _s10(self, _m10() if a10 is _M else a10)
    _s11(self, _m11() if a11 is _M else a11)
    _s12(self, _m12() if a12 is _M else a12)
    _s13(self, _m13() if a13 is _M else a13)
    _s14(self, _m14() if a14 is _M else a14)
    _s15(self, _m15() if a15 is _M else a15)
    _s16(self, _m16() if a16 is _M else a16)
    _s17(self, _m17() if a17 is _M else a17)
    _s18(self, _m18() if a18 is _M else a18)
    _s19(self, _m19() if a19 is _M else a19)
    _s20(self, _m20() if a20 is _M else a20)
    _s21(self, _m21() if a21 is _M else a21)
    _s22(self, _m22() if a22 is _M else a22)


def slots_factories_post_init_2(self, a0, a1):
    _s0(self, _m0() if a0 is _M else a0)
    _s1(self, _m1() if a1 is _M else a1)
    self.__post_init__()


def slots_factories_post_init_7(self, a0, a1, a2, a3, a4, a5, a6):
    _s0(self, _m0() if a0 is _M else a0)
    _s1(self, _m1() if a1 is _M else a1)
    _s2(self, _m2() if a2 is _M else a2)
    _s3(self, _m3() if a3 is _M else a3)
    _s4(self, _m4() if a4 is _M else a4)
    _s5(self, _m5() if a5 is _M else a5)
    _s6(self, _m6() if a6 is _M else a6)
    self.__post_init__()


def slots_factories_post_init_8(self, a0, a1, a2, a3, a4, a5, a6, a7):
    _s0(self, _m0() if a0 is _M else a0)
    _s1(self, _m1() if a1 is _M else a1)
    _s2(self, _m2() if a2 is _M else a2)
    _s3(self, _m3() if a3 is _M else a3)
    _s4(self, _m4() if a4 is _M else a4)
    _s5(self, _m5() if a5 is _M else a5)
    _s6(self, _m6() if a6 is _M else a6)
    _s7(self, _m7() if a7 is _M else a7)
    self.__post_init__()


def frozen_2(self, a0, a1):
    _s(self, _n0, a0)
    _s(self, _n1, a1)


def frozen_3(self, a0, a1, a2):
    _s(self, _n0, a0)
    _s(self, _n1, a1)
    _s(self, _n2, a2)


def frozen_4(self, a0, a1, a2, a3):
    _s(self, _n0, a0)
    _s(self, _n1, a1)
    _s(self, _n2, a2)
    _s(self, _n3, a3)


def frozen_5(self, a0, a1, a2, a3, a4):
    _s(self, _n0, a0)
    _s(self, _n1, a1)
    _s(self, _n2, a2)
    _s(self, _n3, a3)
    _s(self, _n4, a4)


def frozen_8(self, a0, a1, a2, a3, a4, a5, a6, a7):
    _s(self, _n0, a0)
    _s(self, _n1, a1)
    _s(self, _n2, a2)
    _s(self, _n3, a3)
    _s(self, _n4, a4)
    _s(self, _n5, a5)
    _s(self, _n6, a6)
    _s(self, _n7, a7)


def frozen_factories_7(self, a0, a1, a2, a3, a4, a5, a6):
    _s(self, _n0, _m0() if a0 is _M else a0)
    _s(self, _n1, _m1() if a1 is _M else a1)
    _s(self, _n2, _m2() if a2 is _M else a2)
    _s(self, _n3, _m3() if a3 is _M else a3)
    _s(self, _n4, _m4() if a4 is _M else a4)
    _s(self, _n5, _m5() if a5 is _M else a5)
    _s(self, _n6, _m6() if a6 is _M else a6)


def frozen_factories_post_init_14(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13):
    _s(self, _n0, _m0() if a0 is _M else a0)
    _s(self, _n1, _m1() if a1 is _M else a1)
    _s(self, _n2, _m2() if a2 is _M else a2)
    _s(self, _n3, _m3() if a3 is _M else a3)
    _s(self, _n4, _m4() if a4 is _M else a4)
    _s(self, _n5, _m5() if a5 is _M else a5)
    _s(self, _n6, _m6() if a6 is _M else a6)
    _s(self, _n7, _m7() if a7 is _M else a7)
    _s(self, _n8, _m8() if a8 is _M else a8)
    _s(self, _n9, _m9() if a9 is _M else a9)
    _s(self, _n10, _m10() if a10 is _M else a10)
    _s(self, _n11, _m11() if a11 is _M else a11)
    _s(self, _n12, _m12() if a12 is _M else a12)
    _s(self, _n13, _m13() if a13 is _M else a13)
    self.__post_init__()


def mutable_4(self, a0, a1, a2, a3):
    self._f0 = a0
    self._f1 = a1
    self._f2 = a2
    self._f3 = a3


def mutable_factories_4(self, a0, a1, a2, a3):
    self._f0 = _m0() if a0 is _M else a0
    self._f1 = _m1() if a1 is _M else a1
    self._f2 = _m2() if a2 is _M else a2
    self._f3 = _m3() if a3 is _M else a3


def mutable_factories_6(self, a0, a1, a2, a3, a4, a5):
    self._f0 = _m0() if a0 is _M else a0
    self._f1 = _m1() if a1 is _M else a1
    self._f2 = _m2() if a2 is _M else a2
    self._f3 = _m3() if a3 is _M else a3
    self._f4 = _m4() if a4 is _M else a4
    self._f5 = _m5() if a5 is _M else a5


def mutable_factories_8(self, a0, a1, a2, a3, a4, a5, a6, a7):
    self._f0 = _m0() if a0 is _M else a0
    self._f1 = _m1() if a1 is _M else a1
    self._f2 = _m2() if a2 is _M else a2
    self._f3 = _m3() if a3 is _M else a3
    self._f4 = _m4() if a4 is _M else a4
    self._f5 = _m5() if a5 is _M else a5
    self._f6 = _m6() if a6 is _M else a6
    self._f7 = _m7() if a7 is _M else a7


def mutable_factories_9(self, a0, a1, a2, a3, a4, a5, a6, a7, a8):
    self._f0 = _m0() if a0 is _M else a0
    self._f1 = _m1() if a1 is _M else a1
    self._f2 = _m2() if a2 is _M else a2
    self._f3 = _m3() if a3 is _M else a3
    self._f4 = _m4() if a4 is _M else a4
    self._f5 = _m5() if a5 is _M else a5
    self._f6 = _m6() if a6 is _M else a6
    self._f7 = _m7() if a7 is _M else a7
    self._f8 = _m8() if a8 is _M else a8


def mutable_factories_10(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9):
    self._f0 = _m0() if a0 is _M else a0
    self._f1 = _m1() if a1 is _M else a1
    self._f2 = _m2() if a2 is _M else a2
    self._f3 = _m3() if a3 is _M else a3
    self._f4 = _m4() if a4 is _M else a4
    self._f5 = _m5() if a5 is _M else a5
    self._f6 = _m6() if a6 is _M else a6
    self._f7 = _m7() if a7 is _M else a7
    self._f8 = _m8() if a8 is _M else a8
    self._f9 = _m9() if a9 is _M else a9


def mutable_factories_14(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13):
    self._f0 = _m0() if a0 is _M else a0
    self._f1 = _m1() if a1 is _M else a1
    self._f2 = _m2() if a2 is _M else a2
    self._f3 = _m3() if a3 is _M else a3
    self._f4 = _m4() if a4 is _M else a4
    self._f5 = _m5() if a5 is _M else a5
    self._f6 = _m6() if a6 is _M else a6
    self._f7 = _m7() if a7 is _M else a7
    self._f8 = _m8() if a8 is _M else a8
    self._f9 = _m9() if a9 is _M else a9
    self._f10 = _m10() if a10 is _M else a10
    self._f11 = _m11() if a11 is _M else a11
    self._f12 = _m12() if a12 is _M else a12
    self._f13 = _m13() if a13 is _M else a13


def mutable_factories_23(self, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19, a20, a21, a22):
    self._f0 = _m0() if a0 is _M else a0
    self._f1 = _m1() if a1 is _M else a1
    self._f2 = _m2() if a2 is _M else a2
    self._f3 = _m3() if a3 is _M else a3
    self._f4 = _m4() if a4 is _M else a4
    self._f5 = _m5() if a5 is _M else a5
    self._f6 = _m6() if a6 is _M else a6
    self._f7 = _m7() if a7 is _M else a7
    self._f8 = _m8() if a8 is _M else a8
    self._f9 = _m9() if a9 is _M else a9
    self._f10 = _m10() if a10 is _M else a10
    self._f11 = _m11() if a11 is _M else a11
    self._f12 = _m12() if a12 is _M else a12
    self._f13 = _m13() if a13 is _M else a13
    self._f14 = _m14() if a14 is _M else a14
    self._f15 = _m15() if a15 is _M else a15
    self._f16 = _m16() if a16 is _M else a16
    self._f17 = _m17() if a17 is _M else a17
    self._f18 = _m18() if a18 is _M else a18
    self._f19 = _m19() if a19 is _M else a19
    self._f20 = _m20() if a20 is _M else a20
    self._f21 = _m21() if a21 is _M else a21
    self._f22 = _m22() if a22 is _M else a22
