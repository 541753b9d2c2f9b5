"""The standard game of Diplomacy (the 1901 map of Europe, seven powers)."""
from dipsat.variants.variant import Variant

STANDARD = Variant(
    name="standard",
    map_package="dipsat.variants.classical",
    aliases=("classical", "classic", "diplomacy"),
    description="The standard game: seven powers, 34 supply centres, 18 to win.",
)
