"""The web side of the games app: pages, the JSON API, sockets, forms and what they present.

It reads and calls the play side (models, services, store, selectors); nothing on the play side imports it.
"""
