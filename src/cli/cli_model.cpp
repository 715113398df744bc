#include "cli/cli_model.hpp"

#include <cctype>

#include "cli/command.hpp"
#include "cli/root_app.hpp"

namespace archfit::cli {

namespace {

// "{auto,always,never}" (the description CLI::IsMember gives itself) -> its members.
std::vector<std::string> choices_of(const CLI::Option& option) {
  std::vector<std::string> choices;
  try {
    std::string description = const_cast<CLI::Option&>(option).get_validator()->get_description();
    if (description.size() < 2 || description.front() != '{' || description.back() != '}') {
      return choices;
    }
    std::string item;
    for (char c : description.substr(1, description.size() - 2)) {
      if (c == ',') {
        choices.push_back(item);
        item.clear();
      } else {
        item += c;
      }
    }
    if (!item.empty()) {
      choices.push_back(item);
    }
  } catch (const CLI::OptionNotFound&) {
    // No validator: free-form value.
  }
  return choices;
}

CommandModel model_of(const CLI::App& app, std::string command_name) {
  CommandModel command;
  command.name = std::move(command_name);
  command.summary = app.get_description();
  for (const CLI::Option* option : app.get_options()) {
    if (!option->nonpositional()) {
      std::string positional = option->get_name(true, false);
      for (char& c : positional) {
        c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      }
      command.positionals.push_back(positional);
      continue;
    }
    OptionModel model;
    for (const auto& name : option->get_lnames()) {
      model.names.push_back("--" + name);
    }
    for (const auto& name : option->get_snames()) {
      model.names.push_back("-" + name);
    }
    model.description = option->get_description();
    if (option->get_expected_max() > 0) {  // flags expect no value (CLI11: expected(0))
      model.value_name = option->get_type_name();
      if (auto colon = model.value_name.find(':'); colon != std::string::npos) {
        model.value_name.resize(colon);  // "WHEN:{auto,always,never}" -> "WHEN"
      }
      if (model.value_name.empty()) {
        model.value_name = "VALUE";
      }
      model.choices = choices_of(*option);
    }
    command.options.push_back(std::move(model));
  }
  return command;
}

}  // namespace

std::vector<CommandModel> cli_model() {
  CLI::App app{k_program_description, "archfit"};
  std::string color;
  bool quiet = false;
  bool verbose = false;
  add_global_options(app, color, quiet, verbose);
  GlobalOptions global;
  std::vector<CommandModel> model{model_of(app, "")};
  for (const auto& command : commands()) {
    CLI::App* sub = app.add_subcommand(std::string(command.name), std::string(command.summary));
    (void)command.setup(*sub, global);  // registers the options; the returned runner is not run
    model.push_back(model_of(*sub, std::string(command.name)));
  }
  return model;
}

}  // namespace archfit::cli
