# Cython declarations for phase1.py (used only when it is compiled; see _accel.py).
# C types for the move generator's counters: space numbers, dice, weights.
import cython


@cython.locals(slots=tuple, pools=tuple, path=tuple, out=list, info=dict, b=cython.int,
               foe=cython.int, n=cython.int, d=cython.int, t=cython.int, need=cython.int,
               exception=cython.int, w=cython.int, top=cython.long, slot=cython.int,
               stack=tuple, st=tuple, inf=tuple, king=cython.bint, back_ok=cython.bint)
cpdef list gen_moves(tuple state, int side, tuple dvals, bint kings_on, object blocked=*)
