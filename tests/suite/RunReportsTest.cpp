// The reports of `catcheck run`: the JSON report and the JUnit XML report are parsed back and their counts
// checked against the rows, and the text output ends with the per-suite table and the usual last line.
// The manifest run-two-suites.csv has an agreeing and a differing row in FIRST, and two agreeing rows and
// an error (a litmus file with a syntax error) in SECOND.
#include <gtest/gtest.h>

#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <vector>

#include "tests/suite/RunTestSupport.h"

namespace catcheck::testing {
namespace {

// Just enough of XML 1.0 to check well-formedness of what we write: a declaration, elements, attributes
// in double quotes, character data and the predefined and numeric entities. Throws on anything else.
struct XmlElement {
  std::string name;
  std::map<std::string, std::string> attributes;
  std::vector<XmlElement> children;
};

class XmlReader {
 public:
  explicit XmlReader(std::string text) : text_(std::move(text)) {}

  XmlElement document() {
    if (text_.rfind("<?xml ", 0) == 0) at_ = endOf("?>");
    skipSpace();
    XmlElement root = element();
    skipSpace();
    if (at_ != text_.size()) fail("content after the root element");
    return root;
  }

 private:
  XmlElement element() {
    expect('<');
    XmlElement e{name(), {}, {}};
    for (skipSpace(); peek() != '>' && peek() != '/'; skipSpace()) {
      std::string key = name();
      expect('=');
      expect('"');
      if (!e.attributes.emplace(key, characters('"')).second) fail("duplicate attribute " + key);
      expect('"');
    }
    if (peek() == '/') {
      expect('/');
      expect('>');
      return e;
    }
    expect('>');
    while (true) {
      characters('<');
      if (text_.compare(at_, 2, "</") == 0) break;
      e.children.push_back(element());
    }
    at_ += 2;
    if (name() != e.name) fail("mismatched end tag of " + e.name);
    expect('>');
    return e;
  }

  // Character data up to `stop`, with entities checked; '<' and '&' may only occur as markup.
  std::string characters(char stop) {
    std::string data;
    while (peek() != stop) {
      if (peek() == '<') fail("'<' in character data");
      if (peek() == '&') {
        size_t semicolon = endOf(";");
        std::string entity = text_.substr(at_, semicolon - at_);
        bool numeric = entity.size() > 3 && entity[1] == '#' &&
                       entity.find_first_not_of("0123456789", 2) == entity.size() - 1;
        if (!numeric && entity != "&amp;" && entity != "&lt;" && entity != "&gt;" && entity != "&quot;" &&
            entity != "&apos;") {
          fail("bad entity " + entity);
        }
        at_ = semicolon;
        data += '?';
        continue;
      }
      data += text_[at_++];
    }
    return data;
  }

  std::string name() {
    size_t start = at_;
    while (at_ < text_.size() &&
           (std::isalnum(static_cast<unsigned char>(text_[at_])) || text_[at_] == '-' || text_[at_] == '_'))
      ++at_;
    if (at_ == start) fail("expected a name");
    return text_.substr(start, at_ - start);
  }

  size_t endOf(const std::string& token) {
    size_t found = text_.find(token, at_);
    if (found == std::string::npos) fail("missing " + token);
    return found + token.size();
  }
  char peek() {
    if (at_ >= text_.size()) fail("unexpected end");
    return text_[at_];
  }
  void expect(char c) {
    if (peek() != c) fail(std::string("expected '") + c + "'");
    ++at_;
  }
  void skipSpace() {
    while (at_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[at_]))) ++at_;
  }
  [[noreturn]] void fail(const std::string& why) {
    throw std::runtime_error("XML offset " + std::to_string(at_) + ": " + why);
  }

  std::string text_;
  size_t at_ = 0;
};

int count(const XmlElement& e, const std::string& attribute) {
  return std::stoi(e.attributes.at(attribute));
}

int childrenNamed(const XmlElement& testsuite, const std::string& name) {
  int n = 0;
  for (const XmlElement& testcase : testsuite.children) {
    for (const XmlElement& child : testcase.children) n += child.name == name ? 1 : 0;
  }
  return n;
}

TEST(RunReports, TheXmlCheckRejectsMalformedXml) {
  EXPECT_NO_THROW(XmlReader("<?xml version=\"1.0\"?>\n<a x=\"&amp;&#10;\"><b/>text</a>\n").document());
  for (const char* bad :
       {"<a><b></a>", "<a x=\"1 & 2\"/>", "<a x='1'/>", "<a x=\"a<b\"/>", "<a/><b/>", "<a>&nbsp;</a>"}) {
    EXPECT_THROW(XmlReader(bad).document(), std::runtime_error) << bad;
  }
}

TEST(RunReports, JsonReportParsesBackWithStatusesAndSuiteTable) {
  ScratchFolder scratch;
  CommandResult run =
      runCatcheck("run --manifest " + kData + "run-two-suites.csv --jobs 2 --report " + scratch / "r.json");
  ASSERT_EQ(run.exitCode, 1) << run.output;
  nlohmann::json report = nlohmann::json::parse(readText(scratch / "r.json"));
  ASSERT_EQ(report["rows"].size(), 5U);
  std::vector<std::string> statuses;
  for (const auto& row : report["rows"]) statuses.push_back(row["status"]);
  EXPECT_EQ(statuses, (std::vector<std::string>{"agree", "disagree", "agree", "error", "agree"}));
  EXPECT_NE(report["rows"][3]["message"].get<std::string>().find("bad-qualifier.litmus:4:5: error:"),
            std::string::npos);
  EXPECT_GT(report["rows"][0]["wall_ms"].get<double>(), 0);
  ASSERT_EQ(report["suites"].size(), 2U);
  EXPECT_EQ(report["suites"][0]["suite"], "FIRST");
  EXPECT_EQ(report["suites"][0]["rows"], 2);
  EXPECT_EQ(report["suites"][0]["disagree"], 1);
  EXPECT_EQ(report["suites"][1]["suite"], "SECOND");
  EXPECT_EQ(report["suites"][1]["agree"], 2);
  EXPECT_EQ(report["suites"][1]["error"], 1);
  EXPECT_EQ(report["summary"], (nlohmann::json{{"passed", 3}, {"failed", 2}, {"skipped", 0}}));
}

// A row whose witness turned up below its bound says where (as single checks do), and `report merge` keeps
// it.
TEST(RunReports, RowsSayAtWhichSmallerBoundTheWitnessWasFound) {
  ScratchFolder scratch;
  CommandResult run = runCatcheck("run --manifest " + kData + "run-witness-bound.csv --jobs 2 --report " +
                                  scratch / "r.json");
  ASSERT_EQ(run.exitCode, 0) << run.output;
  nlohmann::json report = nlohmann::json::parse(readText(scratch / "r.json"));
  ASSERT_EQ(report["rows"].size(), 2U);
  EXPECT_EQ(report["rows"][0]["bound"], 2);
  EXPECT_EQ(report["rows"][0]["witness_bound"], 1);  // the CAS lock's race, at bound 1 of 2
  EXPECT_TRUE(report["rows"][1]["witness_bound"].is_null());
  CommandResult merge = runCatcheck("report merge " + scratch / "r.json" + " --report " + scratch / "m.json");
  ASSERT_EQ(merge.exitCode, 0) << merge.output;
  nlohmann::json merged = nlohmann::json::parse(readText(scratch / "m.json"));
  EXPECT_EQ(merged["rows"][0]["witness_bound"], 1);
  EXPECT_TRUE(merged["rows"][1]["witness_bound"].is_null());
}

TEST(RunReports, JunitReportIsWellFormedAndCountsMatchTheRows) {
  ScratchFolder scratch;
  CommandResult run =
      runCatcheck("run --manifest " + kData + "run-two-suites.csv --junit " + scratch / "r.xml");
  ASSERT_EQ(run.exitCode, 1) << run.output;
  XmlElement root = XmlReader(readText(scratch / "r.xml")).document();
  ASSERT_EQ(root.name, "testsuites");
  EXPECT_EQ(count(root, "tests"), 5);
  EXPECT_EQ(count(root, "failures"), 1);
  EXPECT_EQ(count(root, "errors"), 1);
  ASSERT_EQ(root.children.size(), 2U);
  int tests = 0;
  for (const XmlElement& suite : root.children) {
    ASSERT_EQ(suite.name, "testsuite");
    EXPECT_EQ(count(suite, "tests"), static_cast<int>(suite.children.size())) << suite.attributes.at("name");
    EXPECT_EQ(count(suite, "failures"), childrenNamed(suite, "failure"));
    EXPECT_EQ(count(suite, "errors"), childrenNamed(suite, "error"));
    EXPECT_EQ(count(suite, "skipped"), childrenNamed(suite, "skipped"));
    tests += count(suite, "tests");
  }
  EXPECT_EQ(tests, count(root, "tests"));
  EXPECT_EQ(root.children[0].attributes.at("name"), "FIRST");
  EXPECT_EQ(root.children[0].children[1].children.at(0).attributes.at("message"), "expected PASS, got FAIL");
  EXPECT_EQ(root.children[1].children[1].children.at(0).attributes.at("type"), "ERROR");
}

TEST(RunReports, SkippedRowsAreJunitSkipped) {
  ScratchFolder scratch;
  CommandResult run = runCatcheck("run --expected " + kData + "run-comments-expected.csv --root " +
                                  kSourceDir + " --model ptx-v7.5.cat --junit " + scratch / "r.xml");
  ASSERT_EQ(run.exitCode, 0) << run.output;
  XmlElement root = XmlReader(readText(scratch / "r.xml")).document();
  EXPECT_EQ(count(root, "skipped"), 2);
  EXPECT_EQ(childrenNamed(root.children.at(0), "skipped"), 2);
}

TEST(RunReports, TextEndsWithTheSuiteTableAndTheLastLine) {
  CommandResult run = runCatcheck("run --manifest " + kData + "run-two-suites.csv");
  ASSERT_EQ(run.exitCode, 1) << run.output;
  std::istringstream lines(run.output);
  std::vector<std::string> all;
  for (std::string line; std::getline(lines, line);) all.push_back(line);
  ASSERT_GE(all.size(), 6U) << run.output;
  size_t n = all.size();
  EXPECT_EQ(all[n - 5].rfind("suite ", 0), 0U) << run.output;
  EXPECT_NE(all[n - 5].find("rows  agree  differ  timeout  error  skipped    wall s  median ms"),
            std::string::npos);
  auto counts = [](const std::string& line) {
    return line.substr(0, line.size() - 21);
  };  // without the times
  EXPECT_EQ(counts(all[n - 4]), "FIRST         2      1       1        0      0        0");
  EXPECT_EQ(counts(all[n - 3]), "SECOND        3      2       0        0      1        0");
  EXPECT_EQ(counts(all[n - 2]), "all           5      3       1        0      1        0");
  EXPECT_EQ(all[n - 1], "3 passed, 2 failed");
  EXPECT_NE(run.output.find("DIFFERS  FIRST "), std::string::npos);
  EXPECT_NE(run.output.find("ERROR    SECOND "), std::string::npos);
}

TEST(RunReports, OneSuiteGetsTheTableOnlyIfARowDidNotAgree) {
  CommandResult failing = runCatcheck("run --manifest " + kData + "run-two-suites.csv --suite FIRST");
  EXPECT_NE(failing.output.find("\nFIRST "), std::string::npos) << failing.output;
  EXPECT_EQ(failing.output.find("\nall "), std::string::npos) << failing.output;
  EXPECT_EQ(lastLine(failing.output), "1 passed, 1 failed");
  CommandResult agreeing =
      runCatcheck("run --manifest " + kSourceDir + "/litmus/manifest.csv --suite OWN-PTX");
  EXPECT_EQ(agreeing.exitCode, 0);
  EXPECT_EQ(agreeing.output, "4 passed, 0 failed\n");
}

}  // namespace
}  // namespace catcheck::testing
