"""Events and state told in words, for every reader: the log, the recap, the sheet, the stats,
and what the table reads. The chronicle below hands up values and message keys only; its
tellers are installed here (:mod:`elysium.tell.install`) so that it reaches them without
importing this floor."""

from elysium.tell.install import install

install()
