"""The site plus a bare Django JSON view, served by gunicorn for bench/load.py."""
