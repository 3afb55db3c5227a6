"""The terminal front end: ``cadogan play`` (``session``, its commands, the solution viewer and the
verdict tracker) and ``cadogan analyse`` (``analyse``)."""
