"""Map sides of the Iwari board, one stand-in data module per side."""

from games.iwari.maps import new_horizons, vast_lands

MAPS = {new_horizons.KEY: new_horizons, vast_lands.KEY: vast_lands}
