// Package streky holds the rules of ŠTREKY (CTU B3B33ALP 2024/25, docs/streky.md):
// cards, the board, placement and scoring, the input.txt and output.txt formats, a plain
// reference implementation of the rules and a fast generator of every placement with its gain.
//
// # Representation
//
// A Card is a matrix of at most MaxCardSide×MaxCardSide values (0 colourless, 1–4 a colour)
// stored row-major in a fixed array with stride MaxCardSide and zeros outside the matrix, so
// that two cards are equal exactly when their matrices are (Card is comparable and serves as a
// map key). Rotate is the course's counter-clockwise quarter turn, new[cols-1-c][r] =
// old[r][c]; Rotations lists the distinct quarter turns.
//
// A Board has at most MaxSide rows and MaxSide columns (the tournament plays 33×33, the
// official HW08 examples go up to 45×44; 64 is the width of a uint64 row mask). It keeps each
// cell's value (Empty, or the value of the card cell covering it) and, as an invariant, one
// uint64 per row whose bit c is set exactly when cell (row, c) is covered, and the number of
// covered cells. A Position adds both hands, both scores, the side to move and the number of
// consecutive passes (two end the game).
//
// # Two implementations of the rules
//
// reference.go is the rules written sentence by sentence from the spec and optimised for
// nothing: loops over the card's cells for fit and contact, flood fills over the whole board
// for the gain. Position.Check and Position.Apply use it, so the referee and validator judge
// with the plainest code.
//
// Generator is the fast path, tested against the reference on thousands of random positions.
// Per card it precomputes, once, each distinct rotation's coloured groups (4-connected
// same-colour cells inside the card) and, for each group, the offsets of the cells just
// outside the card that touch it. Per position it computes, once, a label map of the board's
// same-colour regions with their sizes (a flood fill of every coloured cell), one grid per
// colour so that asking whether a neighbour belongs to a region of a group's colour is a
// single load. Then:
//
//   - fit and contact come from the row masks: for an h×w card, a row's mask of anchors where
//     w cells are free is the AND of w shifted free masks, the fit the AND of h of those; the
//     contact is the OR of the covered cells just above, below, left and right of the card,
//     computed with the same shifts. One pass over the rows gives the legal anchors of a
//     shape as bits.
//   - the gain of a placement reads the labels of the cells around each group: a group whose
//     neighbours include a region of its colour scores its own size, and every such region
//     scores its size once (a stamp per region keeps a region reached by two groups from
//     counting twice). This equals the spec's "every cell of each enlarged region": the
//     region a group ends in is the group, the old regions it touches, and the other groups
//     of the card touching those, and a group that touches no old region of its colour joins
//     nothing.
//
// The generator writes into a caller-provided buffer and allocates nothing per position once
// it has met the hand's cards.
//
// # Placements
//
// A placement is identified by its anchor (the card's top-left cell) and the matrix written
// on the board, as the course identifies it. Cards equal up to rotation, and rotations equal
// to each other, give one placement, not several: this is how the official HW08 data counts
// ("distinct_legal_placements(row,col,rotated_matrix)").
package streky
