"""The API's routes, one module per resource; each lists its routes in ``ROUTES`` and reaches the
others only through ``cadogan.web.deps``."""
