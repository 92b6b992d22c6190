"""Rules engines for the games of Sampan: pure Python, no Django, no I/O, no clock."""
