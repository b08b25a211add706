"""Suite-wide settings.

Hypothesis: no per-example deadline anywhere (CI machines are shared and a slow
example is not a wrong one); ``HYPOTHESIS_PROFILE=thorough`` runs more examples.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", deadline=None)
settings.register_profile("thorough", deadline=None, max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
