"""The Rules Adjudicator: Django project and the plain-Python rule checkers (``games``)."""
