"""The winnability survey: solve ranges of deals, keep the verdicts, report the odds.

- ``runner.survey`` solves a range on a local process pool or a Dask cluster;
- ``store.ResultsDB`` keeps one SQLite row per deal, so a survey resumes where it stopped;
- ``stats`` has the Wilson interval and the honest bounds; ``report`` the table and the plot;
- ``csvfiles`` reads and writes the per-deal CSVs kept in ``data/survey/``;
- ``pool.winnable_deals`` gives the shipped proven-won deal numbers (the web's "winnable only").

The command line is ``cadogan survey`` (``command``).  Nothing here knows a game by name.
"""
