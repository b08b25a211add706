# Cython declarations for phase2.py (used only when it is compiled; see _accel.py).
import cython


@cython.locals(slots=tuple, held=cython.long, bit=cython.long, sl=cython.Py_ssize_t,
               got=list, plan=tuple, memo=dict, groups=tuple, s=cython.Py_ssize_t)
cpdef list coded_jumps(tuple state, int side, object blocked=*, object code=*)
