// model::Status: the JSON spelling docs/json.md gives for every "status" field, and the order in
// which a group's worst status is reported.
#include <vector>

#include <gtest/gtest.h>

#include "model/finding.hpp"
#include "model/status.hpp"

namespace archfit::model {
namespace {

TEST(ModelStatus, NamesRoundTrip) {
  for (Status status : {Status::pass, Status::warn, Status::fail, Status::skip, Status::unknown}) {
    EXPECT_EQ(status_from_name(status_name(status)), status);
  }
  EXPECT_EQ(status_name(Status::warn), "warn");
  EXPECT_FALSE(status_from_name("PASS").has_value());
  EXPECT_FALSE(status_from_name("ok").has_value());
}

TEST(ModelStatus, WorseOrdersBySeverity) {
  EXPECT_EQ(worse(Status::pass, Status::fail), Status::fail);
  EXPECT_EQ(worse(Status::warn, Status::unknown), Status::warn);
  EXPECT_EQ(worse(Status::unknown, Status::pass), Status::unknown);
  EXPECT_EQ(worse(Status::skip, Status::pass), Status::pass);
}

// The rank lists sort by, worst first: the order the header states, and the one worse() keeps.
TEST(ModelStatus, SeverityRankIsWorsesOrder) {
  std::vector<Status> ascending = {Status::skip, Status::pass, Status::unknown, Status::warn, Status::fail};
  for (std::size_t i = 0; i + 1 < ascending.size(); ++i) {
    EXPECT_LT(severity_rank(ascending[i]), severity_rank(ascending[i + 1])) << status_name(ascending[i]);
    EXPECT_EQ(worse(ascending[i], ascending[i + 1]), ascending[i + 1]);
    EXPECT_EQ(worse(ascending[i + 1], ascending[i]), ascending[i + 1]);
  }
}

TEST(ModelFinding, OkOnlyForPassAndSkip) {
  Finding finding;
  EXPECT_FALSE(finding.ok());  // a finding nobody judged is unknown, not fine
  finding.status = Status::skip;
  EXPECT_TRUE(finding.ok());
  finding.status = Status::warn;
  EXPECT_FALSE(finding.ok());
}

}  // namespace
}  // namespace archfit::model
