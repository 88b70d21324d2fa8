// Litmus programs shared by the core tests.
#pragma once

namespace catcheck::core::testing {

// Message passing with a conditional store. Events: 0 init x, 1 init y, 2 P0 st x, 3 P0 st y (release),
// 4 P1 ld y (acquire), 5 P1 ld x, 6 P1 st x (only when r0 == 1).
inline const char* const kMessagePassingWithBranch = R"(PTX message-passing-with-branch
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 1,gpu 0       ;
 st.weak x, 1        | ld.acquire.gpu r0, y ;
 st.release.gpu y, 1 | ld.weak r1, x        ;
                     | bne r0, 1, LC00      ;
                     | st.weak x, 2         ;
                     | LC00:                ;
exists (P1:r0 == 1 /\ P1:r1 == 0))";

}  // namespace catcheck::core::testing
