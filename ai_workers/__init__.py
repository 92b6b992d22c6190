"""The Celery side: bots play AI seats and idle players' moves; a ticker resolves deadlines."""
