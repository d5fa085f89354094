"""What gunicorn's master reads before it forks (adjudicator/wsgi.py): every API operation's
query parameters, so that no two threads of a new worker load drf-spectacular's extensions at
once (that race answered 500s after every reload)."""

from adjudicator import strict_query


def test_every_operations_parameters_are_read_before_any_request():
    count = strict_query.warm()
    misses = strict_query.known_parameters.cache_info().misses
    for path, method in strict_query._endpoints()[1]:
        strict_query.known_parameters(path, method)
    assert strict_query.known_parameters.cache_info().misses == misses
    assert count > 50 and strict_query.known_parameters("/api/cards/", "GET") >= {"q", "side"}
