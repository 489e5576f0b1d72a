"""Map sides of the Iwari board and the Maps Atlas maps, one stand-in data module per map."""

from games.iwari.maps import (
    floating_lands,
    forgotten_island,
    glacial_mass,
    long_road,
    new_horizons,
    the_void,
    uncharted_paths,
    vast_lands,
)

MAPS = {
    m.KEY: m
    for m in (
        new_horizons,
        vast_lands,
        long_road,
        glacial_mass,
        floating_lands,
        forgotten_island,
        uncharted_paths,
        the_void,
    )
}
