"""How the service says things: the words around a move, names, markdown, languages, the labels
drawn into images, the command names players type, and the suggestions offered as they type.

Why a floor of its own: every use case speaks, and none of this needs a match to be read or
written. It may import only :mod:`bot.service.base`, :mod:`bot.service.replies`, the catalogue
(:mod:`bot.words`), ``games`` and ``storage``'s record types — nothing else of the service.
"""
