"""Pictures: the board with its orders and results, the decision graph, HTML reports.

``dipsat.render`` reads values (positions, resolutions) and writes SVG and HTML text; it never
adjudicates. Each map's geometry is data beside its ``map.json`` (``geometry.json``).
"""
