"""Post-game analysis of Crossword games and of uploaded GCG records: what each turn's best
plays were and what the played move gave up.  The pure work is ``engines.crossword.analysis``;
this app stores each result once, runs it in Celery and shows it."""
