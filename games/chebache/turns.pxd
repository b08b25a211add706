# Cython declarations for turns.py (used only when it is compiled; see _accel.py).
import cython


@cython.locals(ok=cython.bint, whole=cython.bint, last=cython.int, s=cython.int,
               k=cython.int, n0=cython.Py_ssize_t, landings=tuple, jl=tuple, unit=tuple,
               split=tuple, st_s=tuple)
cpdef tuple take_jumps(list groups, tuple slots, int need, object kc, set found, list jumps)


@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, k=cython.Py_ssize_t,
               b=cython.Py_ssize_t, n=cython.Py_ssize_t, out=list, head=str, prefix=str)
cpdef list turn_texts(list heads, list plain, list counts, list jumps)


@cython.locals(i=cython.Py_ssize_t, j=cython.Py_ssize_t, n=cython.Py_ssize_t, out=list,
               m=str)
cpdef str format_moves(list moves, object jump)


@cython.locals(mask=cython.long, i=cython.int, slots=tuple, out=list, st=tuple)
cpdef list returned_to_stay(tuple state)


@cython.locals(i=cython.int)
cpdef object _pool_delta(tuple old, tuple new)


@cython.locals(base=cython.int, h=cython.int, p=cython.long)
cpdef object _slot_tags(int slot, tuple stack)
