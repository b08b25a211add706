"""Keeping garbage-collection pauses off the players' clock.

A full collection walks every tracked object; a pause of it holds the event loop
like any other synchronous work.  The fuzz run found every event-loop hold over
50 ms to be a full collection, not the command's own work (bench/fuzz.py reports
the collection time inside each slow step).  Two things bound it:

- ``freeze_startup_heap``: once start-up has imported every engine and drawn the
  renderers' caches, those objects live for the whole process; moved to the
  permanent generation, no collection walks them again (25,000 objects, about
  11 ms of every full collection on this machine);
- the service keeps fewer parsed positions (``POSITION_CACHE``): a parsed
  Chebache position keeps its turn search, several hundred tracked objects.
"""

from __future__ import annotations

import gc


def freeze_startup_heap() -> int:
    """Collect once, then freeze what survives; returns the objects frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
