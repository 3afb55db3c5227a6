"""Imported only by the solver service's fork server (``set_forkserver_preload``), never elsewhere.

The fork server is a child of the web server; this makes it die with the web server, even after
kill -9 (``die_with_parent``), and each search worker, a child of the fork server, dies with it in
turn. Without it the fork server would wait for its workers, which hold its "alive" pipe open.
"""

from cadogan.web.solver_service import die_with_parent

die_with_parent()
