"""placeholder"""

def routes(catalog):
    return []
