//! The roles in a picture: every [`Paint`] a scene names.
//!
//! Contract: a [`Paint`] is both a role in the picture and its palette index; index 0 is reserved
//! for transparency. What colour a paint is belongs to the theme.

use super::puzzle_colours::REGION_COLOURS;

/// Roles in the picture. The discriminant is the palette index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Paint {
    /// Palette index 0, never drawn: "unchanged" in animation codecs.
    Transparent = 0,
    /// Behind the board and the caption.
    Background,
    /// The caption band of a solution frame.
    SolutionBand,
    /// A light square.
    Light,
    /// A dark square.
    Dark,
    /// A light square a queen attacks.
    LightAttacked,
    /// A dark square a queen attacks.
    DarkAttacked,
    /// The queens.
    Queen,
    /// The outline of a queen that just left a square.
    Ghost,
    /// Captions and labels.
    Text,
    /// Marks of the square a queen was just put on.
    Placed,
    /// Marks of the square a queen was just taken off.
    Removed,
    /// Marks of a square a check found safe.
    CheckSafe,
    /// Marks of a square a check found attacked, and dead-end highlights.
    CheckAttacked,
    /// The squares of a solution's queens.
    Solution,
    /// The ring on a free light square (a square no queen attacks: where a queen may go).
    MarkLight,
    /// The ring on a free dark square.
    MarkDark,
    /// A puzzle's region fills (region k takes `Region0 + k % 12`; see [`Paint::region`]).
    Region0,
    /// Region fill 2 of 12.
    Region1,
    /// Region fill 3 of 12.
    Region2,
    /// Region fill 4 of 12.
    Region3,
    /// Region fill 5 of 12.
    Region4,
    /// Region fill 6 of 12.
    Region5,
    /// Region fill 7 of 12.
    Region6,
    /// Region fill 8 of 12.
    Region7,
    /// Region fill 9 of 12.
    Region8,
    /// Region fill 10 of 12.
    Region9,
    /// Region fill 11 of 12.
    Region10,
    /// Region fill 12 of 12.
    Region11,
    /// A puzzle's blocked square.
    Blocked,
    /// The texture over a blocked square.
    BlockedInk,
    /// The outline of the squares a puzzle rule reasoned from.
    RuleUsed,
    /// A light tint of [`Paint::Placed`] (the code panel's current line, the tree's path).
    PlacedTint,
    /// A light tint of [`Paint::Removed`].
    RemovedTint,
    /// A light tint of [`Paint::CheckSafe`].
    CheckSafeTint,
    /// A light tint of [`Paint::CheckAttacked`].
    CheckAttackedTint,
    /// A light tint of [`Paint::Text`] (steps the board does not highlight).
    TextTint,
}

/// Number of [`Paint`] values (they occupy palette indices `0..PAINT_COUNT`).
pub const PAINT_COUNT: usize = 37;

impl Paint {
    /// Every paint, in palette order.
    pub const ALL: [Paint; PAINT_COUNT] = [
        Paint::Transparent,
        Paint::Background,
        Paint::SolutionBand,
        Paint::Light,
        Paint::Dark,
        Paint::LightAttacked,
        Paint::DarkAttacked,
        Paint::Queen,
        Paint::Ghost,
        Paint::Text,
        Paint::Placed,
        Paint::Removed,
        Paint::CheckSafe,
        Paint::CheckAttacked,
        Paint::Solution,
        Paint::MarkLight,
        Paint::MarkDark,
        Paint::Region0,
        Paint::Region1,
        Paint::Region2,
        Paint::Region3,
        Paint::Region4,
        Paint::Region5,
        Paint::Region6,
        Paint::Region7,
        Paint::Region8,
        Paint::Region9,
        Paint::Region10,
        Paint::Region11,
        Paint::Blocked,
        Paint::BlockedInk,
        Paint::RuleUsed,
        Paint::PlacedTint,
        Paint::RemovedTint,
        Paint::CheckSafeTint,
        Paint::CheckAttackedTint,
        Paint::TextTint,
    ];

    /// The paint's index in a palette in the paints' own order (a still's,
    /// [`Palette::with_blends`](crate::draw::raster::palette::Palette::with_blends)); an animation's palette puts
    /// it elsewhere: draw with [`Palette::slot`](crate::draw::raster::palette::Palette::slot).
    pub fn index(self) -> u8 {
        self as u8
    }

    /// The fill of a puzzle's region `region` (the twelve fills repeat past twelve regions).
    pub fn region(region: u8) -> Paint {
        Paint::ALL[Paint::Region0 as usize + usize::from(region) % REGION_COLOURS]
    }

    /// The light tint of a highlight ink (the code panel's current line, the tree's path): the
    /// paint itself for any other paint.
    pub fn tint(self) -> Paint {
        match self {
            Paint::Placed => Paint::PlacedTint,
            Paint::Removed => Paint::RemovedTint,
            Paint::CheckSafe => Paint::CheckSafeTint,
            Paint::CheckAttacked => Paint::CheckAttackedTint,
            Paint::Text => Paint::TextTint,
            other => other,
        }
    }
}
